import { useTranslation } from 'react-i18next';

type State = 'loading' | 'failed' | 'empty';

/** What a home section shows instead of its content: loading, failed (with retry) or empty. */
export function HomeState({ state, texts, onRetry }: { state: State; texts: Record<State, string>; onRetry: () => void }) {
  const { t } = useTranslation('play');
  return (
    <div className="home-state" data-state={state} role={state === 'failed' ? 'alert' : state === 'loading' ? 'status' : undefined}>
      <p>{texts[state]}</p>
      {state === 'failed' && (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
