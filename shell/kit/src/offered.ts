/**
 * The capabilities whose pages are not in the product yet. No link, button, banner or menu item
 * leads to one, so a member never follows a call to action into a 'coming soon'. The work that
 * builds a capability takes it off this list; a brand still turns built ones off with its flags.
 */
const NOT_YET = new Set<Capability>(['promotions', 'vip', 'referral', 'agentCentre', 'agentSite']);

export type Capability =
  | 'promotions' // /promotions, /promoDetail
  | 'vip' // /vip
  | 'referral' // the member centre's invite-friends page
  | 'agentCentre' // the agent centre's pages
  | 'agentSite'; // /agent, the brand's page for agents

export function offered(capability: Capability): boolean {
  return !NOT_YET.has(capability);
}
