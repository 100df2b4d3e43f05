import { useSession } from '@tessera/kit';
import { AccountArea } from './AccountArea';
import { HeaderBoxes } from './HeaderBoxes';
import { HeaderLogo } from './HeaderLogo';
import { LanguagePicker } from './LanguagePicker';
import { ThemeToggle } from './ThemeToggle';
import { VisitorButtons } from './VisitorButtons';

export function Header() {
  const session = useSession();
  return (
    <header className="header">
      <div className="header__inner">
        <HeaderLogo />
        <HeaderBoxes />
        <div className="header__actions">
          {session ? <AccountArea session={session} /> : <VisitorButtons />}
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
