import type { NftRarityExplanation } from '@nexus/contract';
import { Spinner } from '../../../components/spinner';
import { explanationRows, explanationSummary } from '../rarity-explanation';
import { TableHead } from '../../../components/table-head';
import '../../../components/data-table.css';

/** A column of numbers, aligned to the right. */
const numeric = (label: string) => ({ label, className: 'rarity-table__num' });

interface RarityExplanationProps {
  explanation: NftRarityExplanation | null;
  loading: boolean;
  /** Why there is no explanation to show (the request failed). */
  unavailable: string | null;
}

/** Why an NFT ranks where it does: every trait type, its count and share, and what it adds to the score. */
export function RarityExplanation({ explanation, loading, unavailable }: RarityExplanationProps) {
  return (
    <section
      className="rarity-explanation"
      data-testid="nft-rarity-explanation"
      aria-label="Rarity explanation"
    >
      <h3 className="rarity-explanation__title">Why this NFT is rare</h3>
      {loading ? (
        <Spinner size="sm" label="Loading rarity explanation..." />
      ) : unavailable ? (
        <p className="muted">{unavailable}</p>
      ) : !explanation ? (
        <p className="muted">
          This NFT is not ranked: its metadata could not be read, so it has no traits to score.
        </p>
      ) : (
        <ExplanationBody explanation={explanation} />
      )}
    </section>
  );
}

function ExplanationBody({ explanation }: { explanation: NftRarityExplanation }) {
  const summary = explanationSummary(explanation);
  const rows = explanationRows(explanation);
  return (
    <>
      <dl className="rarity-explanation__facts">
        <div>
          <dt>Rank</dt>
          <dd>
            <span data-testid="explanation-rank">{summary.rankText}</span>{' '}
            <span className="muted">{summary.outOfText}</span>
          </dd>
        </div>
        <div>
          <dt>Score</dt>
          <dd data-testid="explanation-score">{summary.scoreText}</dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{summary.methodText}</dd>
        </div>
        <div>
          <dt>Unique</dt>
          <dd>{summary.uniqueText}</dd>
        </div>
      </dl>
      <p className="rarity-explanation__note">
        {summary.methodNote} The contributions add up to the score; missing traits and the trait count weigh
        in too.
      </p>
      <div className="rarity-table__wrap">
        <table className="data-table rarity-table">
          <TableHead columns={['Trait', 'Value', numeric('NFTs'), numeric('Share'), 'Contribution']} />
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={`rarity-table__row rarity-table__row--${row.kind}`}
                data-kind={row.kind}
              >
                <th scope="row">
                  <span className="rarity-table__type">{row.traitType}</span>
                  {row.kindLabel ? (
                    <span className={`trait-kind trait-kind--${row.kind}`}>{row.kindLabel}</span>
                  ) : null}
                </th>
                <td>
                  <span className="rarity-table__value">{row.value}</span>
                  {row.unique ? <span className="pill pill--accent">Unique</span> : null}
                </td>
                <td className="rarity-table__num" data-label="NFTs">
                  {row.countText}
                </td>
                <td className="rarity-table__num" data-label="Share">
                  {row.shareText}
                </td>
                <td data-label="Contribution">
                  <span className="contribution" title={`${row.scorePercent.toFixed(1)}% of the score`}>
                    <span className="contribution__value">+{row.contributionText}</span>
                    <span className="contribution__bar" aria-hidden="true">
                      <span className="contribution__fill" style={{ width: `${row.scorePercent}%` }} />
                    </span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
