// As src/main.tsx on a room address: the room network and the page's code load side by side from the entry.
const room = import('../joinRoom').then(({ joinRoomAtAddress, roomCounter }) => {
  const network = joinRoomAtAddress();
  return { presence: network.presence, counter: roomCounter(network) };
});
void import('./Shell').then(({ startShell }) => startShell(document.getElementById('root')!, room));
