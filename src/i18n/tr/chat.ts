import type { chat as english } from '../en/chat';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** The room chat's texts in Turkish, key for key as en/chat.ts (the type refuses a missing one). */
export const chat: Texts<typeof english> = {
  title: 'Sohbet',
  open: 'Sohbeti aç',
  openUnread_one: 'Sohbeti aç, {{count}} yeni mesaj',
  openUnread_other: 'Sohbeti aç, {{count}} yeni mesaj',
  close: 'Sohbeti kapat',
  empty: 'Henüz mesaj yok. Bir merhaba de!',
  placeholder: 'Mesaj',
  send: 'Gönder',
  messages: 'Mesajlar',
  you: 'Sen',
  tooLong: 'En çok {{n}} karakter',
  slowDown: 'Biraz yavaş: saniyede en fazla birkaç mesaj',
  connecting: 'Sohbet, oda bağlanınca açılır',
  announce: '{{name}}: {{text}}',
  reactionsLabel: 'Hızlı tepkiler',
  mute: '{{name}}: sessize al',
  muted_one: '{{count}} kişi sessizde',
  muted_other: '{{count}} kişi sessizde',
  unmuteAll: 'Hepsinin sesini aç',
  setting: 'Sohbet',
  settingHint: 'Oda sohbetini ve hızlı tepkileri göster',
  reactions: {
    goodGame: 'İyi oyunlar',
    comeOn: 'Hadi!',
    bravo: 'Bravo',
    clap: '👏',
    laugh: '😂',
    wow: '😮',
  },
};
