import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, moneyStyleOf } from '@tessera/kit';
import { useBrand } from '../brand';
import { useLaunchGame } from './launch';
import { ListStatus } from './ListStatus';
import { useLiveRooms } from './queries';
import type { GameVendor } from './types';

/** A live vendor's tables (members only): name, dealer, bet range, players; an open table starts its game. */
export function LiveRooms({ vendor }: { vendor: GameVendor | null }) {
  const { t, i18n } = useTranslation('games');
  const style = moneyStyleOf(useBrand());
  const money = (amount: string) => formatMoney(amount, style, i18n.language);
  const launch = useLaunchGame();
  const rooms = useLiveRooms(vendor?.vassalage ?? null, true);
  const headingId = useId();
  return (
    <div className="live-rooms" role="region" aria-labelledby={headingId} data-rooms={vendor?.vassalage ?? ''}>
      <h2 id={headingId}>{vendor ? t('rooms.title_of', { vendor: vendor.displayName }) : t('rooms.title')}</h2>
      {!vendor ? (
        <p className="list-status" data-list-status="choose-vendor">
          {t('rooms.choose_vendor')}
        </p>
      ) : (
        <>
          <ListStatus
            loading={rooms.isPending}
            error={rooms.error}
            empty={rooms.data?.length === 0}
            emptyText={t('rooms.empty')}
            onRetry={() => void rooms.refetch()}
          />
          {rooms.data && rooms.data.length > 0 && (
            <ul className="live-rooms__list">
              {rooms.data.map((room) => (
                <li key={room.roomId} className="live-room" data-room={room.roomId} data-status={room.status}>
                  <span className="live-room__name">{room.name}</span>
                  {room.dealer && <span>{t('rooms.dealer', { dealer: room.dealer })}</span>}
                  <span>{t('rooms.bets', { min: money(room.minBet), max: money(room.maxBet) })}</span>
                  <span>{t('rooms.players', { count: room.players })}</span>
                  <button
                    type="button"
                    disabled={room.status !== 'open'}
                    aria-label={t('rooms.play', { name: room.name })}
                    onClick={() =>
                      launch({ gameCode: room.gameCode, vassalage: vendor.vassalage, gameType: 'LIVE', walletMode: vendor.walletMode })
                    }
                  >
                    {room.status === 'open' ? t('rooms.open') : t('rooms.closed')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
