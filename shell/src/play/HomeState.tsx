import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type State = 'loading' | 'failed' | 'empty';

/**
 * A home section's answer as drawn: drawn as a transition once it arrives, in slices a slow phone can
 * answer taps between; until that transition is drawn its place still holds (state ``loading``).
 * ``state`` is what the section shows when it has nothing to draw.
 */
export function useDrawnAnswer<T>(query: { data: T | undefined; isPending: boolean; isError: boolean }): { data: T | undefined; state: State } {
  const data = useDeferredValue(query.data);
  const loading = query.isPending || (data === undefined && query.data !== undefined);
  return { data, state: loading ? 'loading' : query.isError ? 'failed' : 'empty' };
}

/**
 * What a home section shows instead of its content: loading, failed (with retry) or empty. While
 * loading, a ``placeholder`` of the content's size holds its place (the text is then for screen
 * readers only), so nothing below moves when the answer comes.
 */
export function HomeState({
  state,
  texts,
  onRetry,
  placeholder,
}: {
  state: State;
  texts: Record<State, string>;
  onRetry: () => void;
  placeholder?: ReactNode;
}) {
  const { t } = useTranslation('play');
  const holding = state === 'loading' && placeholder;
  return (
    <div className="home-state" data-state={state} role={state === 'failed' ? 'alert' : state === 'loading' ? 'status' : undefined}>
      <p className={holding ? 'visually-hidden' : undefined}>{texts[state]}</p>
      {holding && placeholder}
      {state === 'failed' && (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
