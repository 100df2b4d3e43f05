import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_BETS, type LobbyAction, type LobbyState } from './lobbyState';

/** The longest name the game list searches for. */
const SEARCH_MAX = 64;

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="lobby-filters__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

interface LobbyFiltersProps {
  state: LobbyState;
  dispatch: (action: LobbyAction) => void;
  /** The class options; none hides the class filter (games pages). */
  classifies: readonly string[];
}

/** Search by name, min bet and (e-games) class; the search runs on Enter or after a pause in typing. */
export function LobbyFilters({ state, dispatch, classifies }: LobbyFiltersProps) {
  const { t } = useTranslation('games');
  const id = useId();
  return (
    <form
      role="search"
      className="lobby-filters"
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        dispatch({ kind: 'search' });
      }}
    >
      <Field id={`${id}-search`} label={t('filters.search')}>
        <input
          id={`${id}-search`}
          type="search"
          data-filter="search"
          maxLength={SEARCH_MAX}
          placeholder={t('filters.search_placeholder')}
          value={state.draft}
          onChange={(event) => dispatch({ kind: 'draft', value: event.target.value })}
        />
      </Field>
      <Field id={`${id}-min-bet`} label={t('filters.min_bet')}>
        <select
          id={`${id}-min-bet`}
          data-filter="minBet"
          value={state.minBet}
          onChange={(event) => dispatch({ kind: 'minBet', value: event.target.value })}
        >
          <option value="">{t('filters.all')}</option>
          {MIN_BETS.map((minBet) => (
            <option key={minBet} value={minBet}>
              {minBet}
            </option>
          ))}
        </select>
      </Field>
      {classifies.length > 0 && (
        <Field id={`${id}-classify`} label={t('filters.classify')}>
          <select
            id={`${id}-classify`}
            data-filter="classify"
            value={state.classify}
            onChange={(event) => dispatch({ kind: 'classify', value: event.target.value })}
          >
            <option value="">{t('filters.all')}</option>
            {classifies.map((classify) => (
              <option key={classify} value={classify}>
                {t(`classify.${classify}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
    </form>
  );
}
