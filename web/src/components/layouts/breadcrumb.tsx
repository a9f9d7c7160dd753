import { Link } from 'react-router';

/** "Dashboard > Payment Methods": the links back, then the current page. */
export function Breadcrumb({ trail, current }: { trail: { label: string; to: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
      {trail.map((item) => (
        <span key={item.to}>
          <Link to={item.to} className="hover:text-indigo-700 hover:underline">
            {item.label}
          </Link>
          <span className="mx-2" aria-hidden="true">
            &gt;
          </span>
        </span>
      ))}
      <span className="text-slate-900">{current}</span>
    </nav>
  );
}
