// The room network with no framework: "Connected:" is written straight into the DOM.
import { joinRoomAtAddress, presentNames } from '../joinRoom';

const network = joinRoomAtAddress();
const list = document.querySelector('[data-testid="presence-list"]')!;
const show = () =>
  list.replaceChildren(
    ...presentNames(network.presence.getStates()).map((name) =>
      Object.assign(document.createElement('li'), { textContent: name }),
    ),
  );
network.presence.subscribe(show);
show();
