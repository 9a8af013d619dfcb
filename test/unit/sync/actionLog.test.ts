import { describe, expect, it } from 'vitest';
import { formatActionLog, parseActionLog, parseActionLogFile } from '../../../src/sync/log/actionLog';

const actions = [
  { type: 'okey/seatTaken', payload: { by: { id: 'u1', name: 'Ada' }, clientId: 1, seatId: 1 } },
  { type: 'okey/playerDeparted', payload: { clientId: 1 }, meta: { remote: true } },
];

describe('parseActionLog', () => {
  it.each([
    { name: 'a plain array of actions is read as it is', text: JSON.stringify(actions) },
    {
      name: 'a DevTools export is read from its payload string',
      text: JSON.stringify({ payload: JSON.stringify(actions) }),
    },
    {
      name: 'DevTools init entries are dropped',
      text: JSON.stringify({ payload: JSON.stringify([{ type: '@@INIT' }, ...actions]) }),
    },
    {
      name: 'DevTools lifted entries are unwrapped',
      text: JSON.stringify({
        payload: JSON.stringify(actions.map((action) => ({ type: 'PERFORM_ACTION', action, timestamp: 1 }))),
      }),
    },
    { name: 'a log written by formatActionLog reads back', text: formatActionLog(actions) },
  ])('$name', ({ text }) => {
    expect(parseActionLog(text)).toEqual(actions);
  });

  it.each([
    { name: 'an object without payload is not a log', text: '{"actions": []}' },
    { name: 'an entry without a type is not a log', text: '[{"payload": 1}]' },
    { name: 'text that is not JSON is not a log', text: 'okey' },
  ])('$name', ({ text }) => {
    expect(() => parseActionLog(text)).toThrow();
  });

  it('keeps the preloaded root state of a DevTools export', () => {
    const text = formatActionLog(actions, { okey: { message: 'hi' } });
    expect(parseActionLogFile(text)).toEqual({ actions, preloadedState: { okey: { message: 'hi' } } });
  });
});
