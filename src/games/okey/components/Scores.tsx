import { memo } from 'react';
import type { GameState, Match, Seat } from '../rules/types';

type ScoresProps = { players: readonly Seat[]; match: Match; gameState: GameState; font: number };

/** The match's points: a row per seated player before the deal, per seat of the round after it; who won the match. */
function Scores({ players, match, gameState, font }: ScoresProps) {
  const rows = gameState === 'start' ? players.filter((seat) => seat.user !== null) : players;
  if (rows.length === 0) return null;
  const winner = match.winner === null ? null : players.find((seat) => seat.id === match.winner);
  return (
    <table data-testid="okey-scores" className="okey-scores" style={{ fontSize: font * 0.85 }}>
      <caption className="okey-scores-caption">
        {winner ? `Match won by ${winner.user?.name ?? `Player ${winner.id}`}` : 'Points'}
      </caption>
      <tbody>
        {rows.map((seat) => (
          <tr key={seat.id} data-score-seat={seat.id}>
            <th scope="row">{seat.user?.name ?? `Player ${seat.id}`}</th>
            <td>{match.points[seat.id] ?? 20}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default memo(Scores);
