// As src/main.tsx on a room address: the room network and the page's code load side by side from the entry.
const network = import('../joinRoom').then(({ joinRoomAtAddress }) => joinRoomAtAddress());
void import('./Shell').then(({ startShell }) => startShell(document.getElementById('root')!, network));
