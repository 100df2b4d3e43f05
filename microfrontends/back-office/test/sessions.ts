import type { StaffSession } from '../src/session';

export function staffSession(change: Partial<StaffSession['staff']> = {}, brands?: StaffSession['brands']): StaffSession {
  return {
    staff: { id: 7, username: 'dana', superuser: false, twoFactor: true, mustChangePassword: false, ...change },
    brands: brands ?? [
      { slug: 'demo-bd', name: 'Demo BD', roles: ['cashier'], permissions: ['audit.read', 'member.read'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' },
      { slug: 'demo-ph', name: 'Demo PH', roles: ['reader'], permissions: ['member.read'], languages: ['en', 'fil'], timeZone: 'Asia/Manila' },
    ],
    csrfToken: 'csrf-of-the-session',
  };
}
