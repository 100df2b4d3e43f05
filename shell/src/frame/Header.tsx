import { useSession } from '@tessera/kit';
import { AccountArea, MemberCentreButton } from './AccountArea';
import { HeaderBoxes } from './HeaderBoxes';
import { HeaderLogo } from './HeaderLogo';
import { HeaderMenu } from './HeaderMenu';
import { LanguagePicker } from './LanguagePicker';
import { ThemeToggle } from './ThemeToggle';
import { useCompactHeader } from './useMediaQuery';
import { VisitorButtons } from './VisitorButtons';

/**
 * The header: logo, shortcuts, the member's area (or log in and register), language and theme.
 * On a compact screen the shortcuts, the personal centre, language and theme move into a menu.
 */
export function Header() {
  const session = useSession();
  const compact = useCompactHeader();
  const member = session ? <AccountArea session={session} compact={compact} /> : <VisitorButtons />;
  if (compact) {
    return (
      <header className="header header--compact">
        <div className="header__inner">
          <HeaderLogo />
          <div className="header__actions">{member}</div>
          <HeaderMenu>
            <HeaderBoxes />
            {session && <MemberCentreButton />}
            <div className="header-menu__settings">
              <LanguagePicker />
              <ThemeToggle />
            </div>
          </HeaderMenu>
        </div>
      </header>
    );
  }
  return (
    <header className="header">
      <div className="header__inner">
        <HeaderLogo />
        <HeaderBoxes />
        <div className="header__actions">
          {member}
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
