import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Called when the member asks to try again, before the part is drawn again. */
  onRetry?: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert">
      <p>{t('remote_failed')}</p>
      <button type="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/**
 * Keeps a part whose code cannot load or render (a remote; a page whose code did not come, as
 * offline when it was never opened before) from taking the shell down: it says so, with a retry.
 */
export class LoadBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry?.();
  };

  render() {
    if (this.state.failed) return <LoadFailed onRetry={this.retry} />;
    return this.props.children;
  }
}
