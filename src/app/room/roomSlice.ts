import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UnreachedPeer } from '../../sync/mesh/RelayFallback';

/** A participant of the room as presence reports them (its presence state). */
export type RoomParticipant = {
  clientId: number;
  user: { id: string; name: string; color: string };
  /** The presence colour: one of orange, blue, yellow, green. */
  color: string;
  x: number | null;
  y: number | null;
};

/** The room this tab is in: its name, this tab's presence client id, the connection status and who is present. */
export type RoomState = {
  roomId: string | null;
  clientId: number | null;
  status: 'connecting' | 'online' | 'offline' | 'error';
  participants: RoomParticipant[];
  /** Peers of the room this page has no link to yet: connecting, or not reachable. */
  unreachedPeers: UnreachedPeer[];
};

const initialState: RoomState = {
  roomId: null,
  clientId: null,
  status: 'connecting',
  participants: [],
  unreachedPeers: [],
};

/** What the app knows of the room connection; written by the room provider, read by the sidebar and the boards. */
export const roomSlice = createSlice({
  name: 'room',
  initialState,
  reducers: {
    /** The room is joined; the page's client id comes with it, or once its key is made (clientIdMade). */
    roomJoined: (state, action: PayloadAction<{ roomId: string; clientId: number | null }>) => {
      state.roomId = action.payload.roomId;
      state.clientId = action.payload.clientId;
      state.status = 'connecting';
      state.participants = [];
    },
    clientIdMade: (state, action: PayloadAction<number>) => {
      state.clientId = action.payload;
    },
    roomLeft: () => initialState,
    statusChanged: (state, action: PayloadAction<RoomState['status']>) => {
      state.status = action.payload;
    },
    presenceChanged: (state, action: PayloadAction<RoomParticipant[]>) => {
      state.participants = action.payload;
    },
    unreachedPeersChanged: (state, action: PayloadAction<UnreachedPeer[]>) => {
      state.unreachedPeers = action.payload;
    },
  },
  selectors: {
    selectRoomClientId: (state) => state.clientId,
    selectRoomStatus: (state) => state.status,
    selectParticipants: (state) => state.participants,
    selectUnreachedPeers: (state) => state.unreachedPeers,
  },
});

export const { roomJoined, clientIdMade, roomLeft, statusChanged, presenceChanged, unreachedPeersChanged } =
  roomSlice.actions;
export const { selectRoomClientId, selectRoomStatus, selectParticipants, selectUnreachedPeers } =
  roomSlice.selectors;
