import { hasSubscribed, isAdmin, isClient, isDesigner } from '@/lib/roles';
import { USER_TYPE, type User } from '@/types/api';

export interface NavItem {
  label: string;
  to: string;
}

/** A header entry: one link, or a dropdown when it has several. */
export interface NavGroup {
  label: string;
  links: NavItem[];
}

export interface Navigation {
  primary: NavGroup[];
  /** The profile dropdown. */
  account: NavItem[];
}

/** What the header needs to know about a user. */
/** `detail: null` stands for any user of a type (the pages every user of it may see). */
export type NavUser = Pick<User, 'user_type_id'> & { detail: User['detail'] | null };

const link = (label: string, to: string): NavItem => ({ label, to });
const single = (label: string, to: string): NavGroup => ({ label, links: [link(label, to)] });

function designerNav(): NavGroup[] {
  return [
    single('Browse Contests', '/available-contests'),
    {
      label: 'My Contests',
      links: [
        link('Participating', '/contests/participating'),
        link('Participated', '/contests/participated'),
        link('Won', '/contests/won'),
      ],
    },
    {
      label: 'Projects',
      links: [
        link('My Projects', '/projects/my-projects'),
        link('Unstarted Projects', '/projects/unstarted-projects'),
      ],
    },
  ];
}

function clientNav(user: NavUser): NavGroup[] {
  const contests = [link('Active', '/contests/active')];
  // A subscriber's contests queue up instead of waiting unstarted.
  if (!hasSubscribed(user)) contests.push(link('Unstarted', '/contests/unstarted'));
  contests.push(link('Completed', '/contests/completed'));
  return [
    { label: 'My Contests', links: contests },
    single('Projects', '/projects/all-projects'),
    single('Payment Methods', '/payment-methods'),
    single('Subscriptions', '/subscriptions'),
  ];
}

function adminNav(): NavGroup[] {
  return [
    {
      label: 'Contests',
      links: [
        link('Verify Contests', '/admin/contests/verify'),
        link('Credit Contests', '/admin/contests/credit'),
        link('Start Requests', '/admin/contests/start-requests'),
        link('No Winner', '/admin/contests/no-winner'),
        link('Additional Designs', '/admin/contests/additional-designs'),
        link('Verify Tips', '/admin/verify-tips'),
        link('All Contests', '/admin/contests'),
        link('Quick Start Contests', '/quick-start-contests'),
        link('Tip Only Contests', '/tip-only-contests'),
        link('Contest Types', '/admin/contest-types'),
      ],
    },
    {
      label: 'Projects',
      links: [
        link('Verify Projects', '/admin/projects/verify'),
        link('Credit Projects', '/admin/projects/credit'),
        link('All Projects', '/admin/projects'),
        link('Categories', '/admin/projects/categories'),
        link('Sub-categories', '/admin/projects/sub-categories'),
        link('Services', '/admin/projects/services'),
      ],
    },
    {
      label: 'Feedback',
      links: [
        link('Clients Feedback', '/admin/clients-feedback'),
        link('Clients Project Feedback', '/admin/clients-project-feedback'),
        link('Flagged Clients', '/admin/flagged-clients'),
      ],
    },
    {
      label: 'Users',
      links: [link('Users', '/admin/users'), link('Search', '/admin/search')],
    },
    {
      label: 'Marketplace',
      links: [
        link('Outgoing Transactions', '/admin/transactions/outgoing'),
        link('Marketplace Sales', '/admin/marketplace-sales'),
        link('Marketplace Categories', '/admin/marketplace-categories'),
        link('Marketplace Tags', '/admin/marketplace-tags'),
      ],
    },
    {
      label: 'Content',
      links: [
        link('Banners', '/admin/banners'),
        link('Designer Tags', '/admin/designer-tags'),
        link('External Portfolio', '/admin/external-portfolio'),
      ],
    },
  ];
}

/**
 * The header's support links for every signed-in user (how to use, FAQ; Contact is a mailto:
 * beside them), in a menu of their own (docs/spec-decisions.md, "Support links").
 */
export const SUPPORT_LINKS: NavItem[] = [link('How to use Vitrine', '/help'), link('FAQ', '/faq')];

/** The header for one user (projects spec, section 2, "Header navigation (by role)"). */
export function navigationFor(user: NavUser): Navigation {
  const primary = isAdmin(user) ? adminNav() : isClient(user) ? clientNav(user) : designerNav();
  // The community feed is for designers and clients; the design court for admins and designers.
  if (!isAdmin(user)) primary.push(single('Community', '/feed'));
  // Entries for sale: clients buy full rights, designers see what sells.
  if (!isAdmin(user)) primary.push(single('Marketplace', '/marketplace'));
  if (isAdmin(user) || isDesigner(user)) primary.push(single('Design Court', '/design-court'));
  primary.push(single('Messages', '/messages'), single('Notifications', '/notifications'));
  if (!isAdmin(user)) primary.push(single('Payments', '/payments'));

  const account = [link('Profile', '/profile'), link('Affiliate', '/affiliate'), link('Log out', '/logout')];
  // A designer's prizes and payouts (GET /users/{id}/transactions/earnings).
  if (isDesigner(user)) account.splice(1, 0, link('Earnings', '/earnings'));
  // Tips a client gave and a designer received (GET /contest-entry-tips); admins decide them.
  if (!isAdmin(user)) account.splice(account.length - 2, 0, link('Tips', '/tips'));
  return { primary, account };
}

/** Every page the header can link to, for any role (the router test routes each one to a page). */
export function plannedPages(): NavItem[] {
  const pages = new Map<string, NavItem>();
  for (const type of Object.values(USER_TYPE)) {
    const { primary, account } = navigationFor({ user_type_id: type, detail: null });
    for (const item of [...primary.flatMap((group) => group.links), ...account]) {
      if (item.to !== '/logout') pages.set(item.to, item);
    }
  }
  return [...pages.values()];
}
