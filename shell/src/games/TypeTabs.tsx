import { useTranslation } from 'react-i18next';
import { LIST_TYPES, type ListType } from './lobbyState';

/** All, hot, favourite and recent games (SPEC §4). */
export function TypeTabs({ current, onSelect }: { current: ListType; onSelect: (type: ListType) => void }) {
  const { t } = useTranslation('games');
  return (
    <div className="type-tabs" role="group" aria-label={t('types.label')}>
      {LIST_TYPES.map((type) => (
        <button key={type} type="button" className="type-tab" data-type-tab={type} aria-pressed={current === type} onClick={() => onSelect(type)}>
          {t(`types.${type}`)}
        </button>
      ))}
    </div>
  );
}
