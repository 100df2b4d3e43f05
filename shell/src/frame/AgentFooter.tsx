import { AgentResources } from './AgentResources';
import { Copyright } from './Copyright';
import { HelpLinks } from './HelpLinks';
import { LegalRow } from './LegalRow';

/** The footer of the agent pages: agent resources, help links and the same legal row. */
export function AgentFooter() {
  return (
    <footer className="footer footer--agent" data-footer="agent">
      <div className="footer__inner">
        <div className="footer__columns">
          <AgentResources />
          <HelpLinks />
        </div>
        <LegalRow />
        <Copyright />
      </div>
    </footer>
  );
}
