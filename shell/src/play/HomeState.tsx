import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type State = 'loading' | 'failed' | 'empty';

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
