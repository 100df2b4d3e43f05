import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="remote-failed" role="alert">
      <p>{t('remote_failed')}</p>
      <button type="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** Keeps a remote that cannot load or render from taking the shell down. */
export class RemoteBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  render() {
    if (this.state.failed) return <RemoteFailed onRetry={this.retry} />;
    return this.props.children;
  }
}
