import { Outlet } from 'react-router';

import { BroadcastBar } from '@/features/broadcast/components/broadcast-bar';

/** Every page, signed in or not: the admins' broadcast banners on top, then the page. */
export function RootFrame() {
  return (
    <>
      <BroadcastBar />
      <Outlet />
    </>
  );
}
