import { useId, useState } from 'react';
import type { TraitTypeCounts } from '@nexus/contract';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import {
  MISSING_VALUE_KEY,
  MISSING_VALUE_LABEL,
  activeTraitChips,
  matchingValues,
  normalizeTraitKey,
  selectedValueCount,
  type TraitSelection,
} from '../trait-filter';
import { SearchField } from '../../../components/search-field';

interface TraitFilterBarProps {
  summary: readonly TraitTypeCounts[];
  loading: boolean;
  selection: TraitSelection;
  onToggle: (typeKey: string, valueKey: string) => void;
  onClear: () => void;
}

/** Trait values to filter by (SPEC §5: values of one trait OR, separate traits AND); names are plain text. */
export function TraitFilterBar({ summary, loading, selection, onToggle, onClear }: TraitFilterBarProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const panelId = useId();
  const chips = activeTraitChips(selection, summary);
  const chosenCount = selectedValueCount(selection);
  const showMissing = (type: TraitTypeCounts) =>
    type.missing > 0 &&
    (query.trim() === '' || normalizeTraitKey(MISSING_VALUE_LABEL).includes(normalizeTraitKey(query)));
  const groups = summary
    .map((type) => ({ type, values: matchingValues(type, query), missing: showMissing(type) }))
    .filter((group) => group.values.length > 0 || group.missing);

  return (
    <div className="trait-filter" data-testid="trait-filter">
      <div className="trait-filter__bar">
        <button
          type="button"
          className={`button button--ghost${open ? ' button--active' : ''}`}
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="trait-filter-toggle"
          onClick={() => setOpen((value) => !value)}
        >
          Traits
          {chosenCount > 0 ? <span className="count-badge">{chosenCount}</span> : null}
          <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
        {chips.length > 0 ? (
          <ul className="chip-list" aria-label="Active trait filters">
            {chips.map((chip) => (
              <li key={`${chip.typeKey}\u0000${chip.valueKey}`}>
                <button
                  type="button"
                  className="trait-chip"
                  data-testid="trait-filter-chip"
                  aria-label={`Remove filter ${chip.traitType}: ${chip.value}`}
                  onClick={() => onToggle(chip.typeKey, chip.valueKey)}
                >
                  <span className="trait-chip__type">{chip.traitType}</span>
                  <span className="trait-chip__value">{chip.value}</span>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {chosenCount > 0 ? (
          <button type="button" className="button button--link" onClick={onClear}>
            Clear traits
          </button>
        ) : null}
      </div>

      {open ? (
        <div className="stack surface-box trait-filter__panel" id={panelId}>
          <SearchField
            className="trait-filter__search"
            placeholder="Search traits and values"
            value={query}
            onChange={setQuery}
          />
          {summary.length === 0 ? (
            loading ? (
              <Spinner size="sm" label="Loading traits..." />
            ) : (
              <p className="muted">This collection has no traits to filter by.</p>
            )
          ) : groups.length === 0 ? (
            <p className="muted">No trait or value matches this search.</p>
          ) : (
            <div className="trait-filter__groups">
              {groups.map(({ type, values, missing }) => {
                const chosen = selection[type.key] ?? [];
                return (
                  <fieldset key={type.key} className="trait-group" data-trait-type={type.key}>
                    <legend className="trait-group__title">
                      <span className="trait-group__name">{type.traitType}</span>
                      {chosen.length > 0 ? <span className="count-badge">{chosen.length}</span> : null}
                      <span className="trait-group__total">{formatCount(type.values.length)}</span>
                    </legend>
                    <ul className="trait-group__values">
                      {values.map((value) => (
                        <li key={value.key}>
                          <label className="check">
                            <input
                              type="checkbox"
                              checked={chosen.includes(value.key)}
                              onChange={() => onToggle(type.key, value.key)}
                            />
                            <span className="check__label">{value.value}</span>
                            <span className="check__count">{formatCount(value.count)}</span>
                          </label>
                        </li>
                      ))}
                      {missing ? (
                        <li>
                          <label className="check check--missing">
                            <input
                              type="checkbox"
                              checked={chosen.includes(MISSING_VALUE_KEY)}
                              onChange={() => onToggle(type.key, MISSING_VALUE_KEY)}
                            />
                            <span className="check__label">{MISSING_VALUE_LABEL}</span>
                            <span className="check__count">{formatCount(type.missing)}</span>
                          </label>
                        </li>
                      ) : null}
                    </ul>
                  </fieldset>
                );
              })}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
