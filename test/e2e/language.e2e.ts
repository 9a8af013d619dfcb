import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

const people = peopleAt(inject('baseUrl'));

/** A person whose browser speaks `locale` (navigator.languages), in a context of their own. */
async function personSpeaking(locale: string): Promise<Page> {
  return (await people.person(undefined, { locale })).page;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const seat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);

describe('the interface language', () => {
  it('gives a Turkish browser the Turkish login and room, and the switch to English is remembered', async () => {
    const page = await personSpeaking('tr-TR');
    const room = uniqueRoomId();
    await page.goto(`/${room}/okey`);
    await page.waitForURL(/\/login$/);

    // Login, in Turkish.
    await page.getByText('Ad:', { exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('tr');
    expect(await page.title()).toBe('Oyun Odası');
    await page.locator('input[name="username"]').fill('Ayşe');
    await page.getByRole('button', { name: 'Gir', exact: true }).click();
    await page.waitForURL(new RegExp(`/${room}/okey$`));

    // The room's frame: sidebar, presence, a toast.
    await page.getByText('Bağlı olanlar:', { exact: true }).waitFor();
    await page.getByTestId('presence-list').getByText('Ayşe').waitFor();
    await page.getByRole('link', { name: 'Tavla', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Bağlantıyı Paylaş' }).click();
    await page.getByText('Kopyalandı!', { exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('tr');

    // The Okey table, in its players' words; a board message the rules wrote in English, shown in Turkish.
    await seat(page, 1).getByRole('button', { name: 'Otur', exact: true }).click();
    await seat(page, 1).getByRole('button', { name: 'Kalk', exact: true }).click();
    await page.getByTestId('okey-message').getByText('Ayşe ayrıldı', { exact: true }).waitFor();
    await seat(page, 1).getByRole('button', { name: 'Otur', exact: true }).click();
    await seat(page, 2).getByRole('button', { name: 'Bot ekle', exact: true }).click();
    await page.getByRole('button', { name: 'Oyunu Başlat', exact: true }).click();
    await page.getByRole('button', { name: 'Seri diz', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Çift diz', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Istakan' }).waitFor();
    await page.getByText('Gösterge', { exact: true }).waitFor();

    // The switch: English at once, the spec's texts, <html lang="en">.
    await page.getByRole('group', { name: 'Dil' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Share Link' }).waitFor();
    await page.getByText('Connected:', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Arrange runs', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New Game', exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.title()).toBe('Game Room');

    // Remembered: a reload of this Turkish browser stays English.
    await page.reload();
    await page.getByText('Connected:', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Arrange pairs', exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByText('Bağlı olanlar:').count()).toBe(0);
  });

  it('gives an English browser the spec texts, and Türkçe from the switch after a reload too', async () => {
    const page = await personSpeaking('en-US');
    await page.goto('/login');
    await page.getByText('User:', { exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.locator('input[name="username"]').fill('Bora');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByText('Connected:', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Türkçe' }).click();
    await page.getByText('Bağlı olanlar:', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Oyunu Başlat', exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('tr');
    await page.reload();
    await page.getByText('Bağlı olanlar:', { exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('tr');
  });
});
