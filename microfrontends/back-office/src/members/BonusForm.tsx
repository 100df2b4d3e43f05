// A bonus granted to the member (to the main wallet) with its title and, recorded with it, the
// turnover asked of it; above the brand's threshold it waits for a second approver.
import type { RaRecord } from 'react-admin';
import { AmountInput, MemberMoneyForm } from './AdjustmentForm';

export function BonusForm({ member }: { member: RaRecord }) {
  return (
    <MemberMoneyForm
      title="tessera.members.bonus.title"
      rest={`/members/${member.id}/bonuses`}
      body={(values) => {
        const turnover = typeof values.turnover === 'string' ? values.turnover.trim() : '';
        return turnover ? { turnover } : {};
      }}
      submit="tessera.members.bonus.submit"
      afterAmount={<AmountInput source="turnover" label="tessera.members.bonus.turnover" helperText="tessera.members.bonus.turnover_help" optional />}
    />
  );
}
