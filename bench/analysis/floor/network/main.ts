// The room network with no framework: "Connected:" and the room's counter are written straight into the DOM.
import { joinRoomAtAddress, presentNames, roomCounter } from '../joinRoom';

const network = joinRoomAtAddress();
const list = document.querySelector('[data-testid="presence-list"]')!;
const showNames = () =>
  list.replaceChildren(
    ...presentNames(network.presence.getStates()).map((name) =>
      Object.assign(document.createElement('li'), { textContent: name }),
    ),
  );
network.presence.subscribe(showNames);
showNames();

const counter = roomCounter(network);
const count = document.querySelector('[data-testid="floor-count"]')!;
counter.subscribe(() => (count.textContent = String(counter.get())));
document.querySelector('#floor-act')!.addEventListener('click', () => counter.act());
