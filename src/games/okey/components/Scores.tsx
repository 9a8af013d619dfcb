import { memo } from 'react';
import type { GameState, Match, Seat } from '../rules/types';
import { useTranslation } from '../../../i18n/roomTexts';

type ScoresProps = { players: readonly Seat[]; match: Match; gameState: GameState; font: number };

/** The match's points: a row per seated player before the deal, per seat of the round after it; who won the match. */
function Scores({ players, match, gameState, font }: ScoresProps) {
  const { t } = useTranslation('okey');
  const rows = gameState === 'start' ? players.filter((seat) => seat.user !== null) : players;
  if (rows.length === 0) return null;
  const winner = match.winner === null ? null : players.find((seat) => seat.id === match.winner);
  const nameOf = (seat: Seat) => seat.user?.name ?? t('player', { n: seat.id });
  return (
    <table data-testid="okey-scores" className="okey-scores" style={{ fontSize: font * 0.85 }}>
      <caption className="okey-scores-caption">
        {winner ? t('matchWonBy', { name: nameOf(winner) }) : t('scores')}
      </caption>
      <tbody>
        {rows.map((seat) => (
          <tr key={seat.id} data-score-seat={seat.id}>
            <th scope="row">{nameOf(seat)}</th>
            <td>{match.points[seat.id] ?? 20}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The seats change on every move (their racks), the table's points and names far more rarely: only those redraw it.
const sameScores = (a: ScoresProps, b: ScoresProps): boolean =>
  a.match === b.match &&
  a.gameState === b.gameState &&
  a.font === b.font &&
  a.players.length === b.players.length &&
  a.players.every((seat, i) => seat.id === b.players[i].id && seat.user?.name === b.players[i].user?.name);

export default memo(Scores, sameScores);
