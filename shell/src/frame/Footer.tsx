import { Copyright } from './Copyright';
import { HelpLinks } from './HelpLinks';
import { LegalRow } from './LegalRow';
import { ProviderMarquee } from './ProviderMarquee';
import { SeeMoreDescription } from './SeeMoreDescription';
import { SocialLinks } from './SocialLinks';

/** The players' footer: providers, help, social links, legal row and the brand's description. */
export function Footer() {
  return (
    <footer className="footer" data-footer="player">
      <ProviderMarquee />
      <div className="footer__inner">
        <div className="footer__columns">
          <HelpLinks />
          <SocialLinks />
        </div>
        <LegalRow />
        <SeeMoreDescription />
        <Copyright />
      </div>
    </footer>
  );
}
