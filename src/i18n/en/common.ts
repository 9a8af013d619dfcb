/**
 * The texts of the login page and the room's frame (sidebar, presence, errors, toasts) in English, the spec's words
 * to the letter. Loaded with the first page: the login page shows them.
 */
export const common = {
  appName: 'Game Room',
  loading: 'Loading...',
  login: {
    tagline: 'Okey, Backgammon, Go, TicTacToe and a block builder. Pick a name, share the link, play.',
    user: 'User:',
    go: 'Go',
  },
  error: {
    oops: 'Oops!',
    unexpected: 'Sorry, an unexpected error has occurred.',
    notFound: 'Page not found!',
    backToStart: 'Back to the start',
  },
  home: {
    title: 'Pick a game',
    text: "Choose a game on the left. Everyone with this room's link sees the same games; press Share Link to invite friends.",
  },
  openMenu: 'Open menu',
  gamesNav: 'Games',
  games: {
    tictactoe: 'TicTacToe',
    backgammon: 'Backgammon',
    minecraft: 'Minecraft',
    okey: 'Okey',
    go: 'Go',
  },
  shareLink: 'Share Link',
  copied: 'Copied!',
  copyFailed: 'Could not copy the link: copy it from the address bar',
  creditsIntro: 'Credits for this example:',
  connected: 'Connected:',
  peerConnecting: 'Someone is connecting…',
  peerUnreachable: 'Someone here cannot be reached',
  unreachableHelp:
    "Some networks keep browsers from linking directly: the room's operator can set up a TURN server (README, Deployment).",
  more: 'More',
  newPrivateRoom: 'New private room',
  newPrivateRoomHint: 'A new room whose link carries its password',
  exportLog: 'Export log',
  logOut: 'Log out',
  language: 'Language',
  roomReopened: 'Something went wrong with the room on this page: reopening it',
};
