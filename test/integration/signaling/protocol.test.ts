import { describe, expect, it } from 'vitest';
import {
  CONFIG_LIMITS,
  isAnnounceData,
  isClientMessage,
  isIceServer,
  isIceTransportPolicy,
  isRuntimeConfig,
  isServerMessage,
  isSignalData,
  LIMITS,
  PEER_DATA_LIMITS,
} from '../../../protocol/signaling.ts';

const long = (n: number) => 'x'.repeat(n + 1);
const topics = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

describe('signalling message schemas', () => {
  it.each([
    { name: 'a subscribe', value: { type: 'subscribe', topics: ['room'] }, ok: true },
    { name: 'an empty subscribe', value: { type: 'subscribe', topics: [] }, ok: true },
    {
      name: 'a subscribe of the most topics one message may name',
      value: { type: 'subscribe', topics: topics(LIMITS.maxTopicsPerMessage) },
      ok: true,
    },
    {
      name: 'a subscribe of more topics than one message may name',
      value: { type: 'subscribe', topics: topics(LIMITS.maxTopicsPerMessage + 1) },
      ok: false,
    },
    {
      name: 'a subscribe of an over-long topic',
      value: { type: 'subscribe', topics: [long(LIMITS.maxTopicLength)] },
      ok: false,
    },
    { name: 'a subscribe of nested topics', value: { type: 'subscribe', topics: [['room']] }, ok: false },
    { name: 'an unsubscribe of an empty topic', value: { type: 'unsubscribe', topics: [''] }, ok: false },
    { name: 'a publish', value: { type: 'publish', topic: 'room', data: { any: ['thing'] } }, ok: true },
    { name: 'a publish of null', value: { type: 'publish', topic: 'room', data: null }, ok: true },
    { name: 'a publish without data', value: { type: 'publish', topic: 'room' }, ok: false },
    {
      name: 'a publish to an over-long topic',
      value: { type: 'publish', topic: long(LIMITS.maxTopicLength), data: 1 },
      ok: false,
    },
    {
      name: 'a publish to a nested topic',
      value: { type: 'publish', topic: { name: 'room' }, data: 1 },
      ok: false,
    },
    { name: 'a ping', value: { type: 'ping' }, ok: true },
    { name: 'a pong, which only the server sends', value: { type: 'pong' }, ok: false },
    { name: 'a message nested in another', value: { type: { type: 'ping' } }, ok: false },
    { name: 'a list', value: [{ type: 'ping' }], ok: false },
  ])('a client message: $name', ({ value, ok }) => {
    expect(isClientMessage(value)).toBe(ok);
  });

  it.each([
    { name: 'a publish', value: { type: 'publish', topic: 'room', data: 1 }, ok: true },
    { name: 'a pong', value: { type: 'pong' }, ok: true },
    { name: 'a ping, which only clients send', value: { type: 'ping' }, ok: false },
    {
      name: 'a publish to an over-long topic',
      value: { type: 'publish', topic: long(LIMITS.maxTopicLength), data: 1 },
      ok: false,
    },
    { name: 'a publish without data', value: { type: 'publish', topic: 'room' }, ok: false },
  ])('a server message: $name', ({ value, ok }) => {
    expect(isServerMessage(value)).toBe(ok);
  });
});

describe('peer data schemas', () => {
  const signal = (over: Record<string, unknown>) => ({
    type: 'signal',
    to: 'a-1',
    from: 'b-2',
    token: 5,
    ...over,
  });
  it.each([
    { name: 'an announce', value: { type: 'announce', from: 'a-1' }, announce: true, signal: false },
    {
      name: 'an announce from nobody',
      value: { type: 'announce', from: '' },
      announce: false,
      signal: false,
    },
    {
      name: 'an announce from an over-long id',
      value: { type: 'announce', from: long(PEER_DATA_LIMITS.maxPeerIdLength) },
      announce: false,
      signal: false,
    },
    {
      name: 'an offer',
      value: signal({ signal: { type: 'offer', sdp: 'v=0' } }),
      announce: false,
      signal: true,
    },
    {
      name: 'an answer',
      value: signal({ signal: { type: 'answer', sdp: 'v=0' } }),
      announce: false,
      signal: true,
    },
    {
      name: 'a candidate as simple-peer sends it',
      value: signal({
        signal: {
          type: 'candidate',
          candidate: { candidate: 'candidate:1 1 udp 1 ::1 5000 typ host', sdpMLineIndex: 0, sdpMid: '0' },
        },
      }),
      announce: false,
      signal: true,
    },
    {
      name: 'an end-of-candidates candidate',
      value: signal({
        signal: { type: 'candidate', candidate: { candidate: '', sdpMLineIndex: null, sdpMid: null } },
      }),
      announce: false,
      signal: true,
    },
    {
      name: 'a request to renegotiate',
      value: signal({ signal: { type: 'renegotiate', renegotiate: true } }),
      announce: false,
      signal: true,
    },
    {
      name: 'a fractional token',
      value: signal({ token: 0.5, signal: { sdp: 'v=0' } }),
      announce: false,
      signal: true,
    },
    { name: 'no signal', value: signal({}), announce: false, signal: false },
    { name: 'an empty signal', value: signal({ signal: {} }), announce: false, signal: false },
    {
      name: 'a signal as a string',
      value: signal({ signal: '{"sdp":"v=0"}' }),
      announce: false,
      signal: false,
    },
    {
      name: 'a request for media transceivers',
      value: signal({ signal: { type: 'transceiverRequest', transceiverRequest: { kind: 'video' } } }),
      announce: false,
      signal: false,
    },
    {
      name: 'an offer carrying another key simple-peer reads',
      value: signal({ signal: { type: 'offer', sdp: 'v=0', transceiverRequest: { kind: 'audio' } } }),
      announce: false,
      signal: false,
    },
    {
      name: 'an over-long SDP',
      value: signal({ signal: { type: 'offer', sdp: long(PEER_DATA_LIMITS.maxSdpLength) } }),
      announce: false,
      signal: false,
    },
    {
      name: 'an over-long candidate',
      value: signal({
        signal: { candidate: { candidate: long(PEER_DATA_LIMITS.maxCandidateLength), sdpMid: '0' } },
      }),
      announce: false,
      signal: false,
    },
    {
      name: 'a candidate with a negative line index',
      value: signal({ signal: { candidate: { candidate: 'c', sdpMLineIndex: -1 } } }),
      announce: false,
      signal: false,
    },
    {
      name: 'a candidate nested once more',
      value: signal({ signal: { candidate: { candidate: { candidate: 'c' } } } }),
      announce: false,
      signal: false,
    },
    {
      name: 'a renegotiate of false',
      value: signal({ signal: { renegotiate: false } }),
      announce: false,
      signal: false,
    },
    {
      name: 'a string token',
      value: signal({ token: '5', signal: { sdp: 'v=0' } }),
      announce: false,
      signal: false,
    },
    {
      name: 'an empty addressee',
      value: signal({ to: '', signal: { sdp: 'v=0' } }),
      announce: false,
      signal: false,
    },
    {
      name: 'an over-long sender',
      value: signal({ from: long(PEER_DATA_LIMITS.maxPeerIdLength), signal: { sdp: 'v=0' } }),
      announce: false,
      signal: false,
    },
  ])('classifies $name', ({ value, announce, signal: isSignal }) => {
    expect(isAnnounceData(value)).toBe(announce);
    expect(isSignalData(value)).toBe(isSignal);
  });
});

describe('runtime config schemas', () => {
  const many = <T>(n: number, item: T) => Array.from({ length: n }, () => item);
  it.each([
    { name: 'one STUN server', value: { iceServers: [{ urls: 'stun:s:19302' }] }, ok: true },
    { name: 'no ICE servers', value: { iceServers: [] }, ok: true },
    {
      name: 'a TURN server with credentials, relay only',
      value: {
        iceServers: [{ urls: ['turn:t:3478'], username: 'u', credential: 'c' }],
        iceTransportPolicy: 'relay',
      },
      ok: true,
    },
    { name: 'an unknown policy', value: { iceServers: [], iceTransportPolicy: 'none' }, ok: false },
    { name: 'a server without URLs', value: { iceServers: [{ urls: [] }] }, ok: false },
    { name: 'a nested URL list', value: { iceServers: [{ urls: [['stun:s']] }] }, ok: false },
    { name: 'a numeric credential', value: { iceServers: [{ urls: 'turn:t', credential: 7 }] }, ok: false },
    {
      name: 'an over-long URL',
      value: { iceServers: [{ urls: long(CONFIG_LIMITS.maxIceTextLength) }] },
      ok: false,
    },
    {
      name: 'an over-long username',
      value: { iceServers: [{ urls: 'turn:t', username: long(CONFIG_LIMITS.maxIceTextLength) }] },
      ok: false,
    },
    {
      name: 'too many URLs for one server',
      value: { iceServers: [{ urls: many(CONFIG_LIMITS.maxUrlsPerServer + 1, 'stun:s') }] },
      ok: false,
    },
    {
      name: 'too many servers',
      value: { iceServers: many(CONFIG_LIMITS.maxIceServers + 1, { urls: 'stun:s' }) },
      ok: false,
    },
    { name: 'servers as an object', value: { iceServers: { urls: 'stun:s' } }, ok: false },
  ])('a runtime config: $name', ({ value, ok }) => {
    expect(isRuntimeConfig(value)).toBe(ok);
  });

  it('checks one ICE server and one policy on their own (ICE_SERVERS)', () => {
    expect(isIceServer({ urls: 'stun:s' })).toBe(true);
    expect(isIceServer({ urls: 'stun:s', username: ['u'] })).toBe(false);
    expect(isIceTransportPolicy('all')).toBe(true);
    expect(isIceTransportPolicy('ALL')).toBe(false);
  });
});
