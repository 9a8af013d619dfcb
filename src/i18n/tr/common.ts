import type { Translations } from '../translations';

/** The texts of the login page and the room's frame in Turkish, key for key as en/common.ts. */
export const common: Translations['common'] = {
  appName: 'Oyun Odası',
  loading: 'Yükleniyor...',
  login: {
    tagline: 'Okey, Tavla, Go, XOX ve bir blok oyunu. Bir ad seç, bağlantıyı paylaş, oyna.',
    user: 'Ad:',
    go: 'Gir',
  },
  error: {
    oops: 'Hay aksi!',
    unexpected: 'Üzgünüz, beklenmeyen bir hata oluştu.',
    notFound: 'Sayfa bulunamadı!',
    backToStart: 'Başa dön',
  },
  home: {
    title: 'Bir oyun seç',
    text: 'Soldan bir oyun seç. Bu odanın bağlantısı olan herkes aynı oyunları görür; arkadaşlarını çağırmak için Bağlantıyı Paylaş düğmesine bas.',
  },
  openMenu: 'Menüyü aç',
  gamesNav: 'Oyunlar',
  games: {
    tictactoe: 'XOX',
    backgammon: 'Tavla',
    minecraft: 'Minecraft',
    okey: 'Okey',
    go: 'Go',
  },
  shareLink: 'Bağlantıyı Paylaş',
  copied: 'Kopyalandı!',
  copyFailed: 'Bağlantı kopyalanamadı: adres çubuğundan kopyala',
  creditsIntro: 'Bu örneğin kaynakları:',
  connected: 'Bağlı olanlar:',
  peerConnecting: 'Biri bağlanıyor…',
  peerUnreachable: 'Buradaki birine ulaşılamıyor',
  unreachableHelp:
    'Bazı ağlar tarayıcıların doğrudan bağlanmasına izin vermez: odanın yöneticisi bir TURN sunucusu kurabilir (README, Deployment).',
  more: 'Diğer',
  newPrivateRoom: 'Yeni özel oda',
  newPrivateRoomHint: 'Bağlantısı kendi şifresini taşıyan yeni bir oda',
  exportLog: 'Kaydı dışa aktar',
  logOut: 'Çıkış yap',
  language: 'Dil',
  roomReopened: 'Bu sayfadaki odada bir sorun çıktı: oda yeniden açılıyor',
};
