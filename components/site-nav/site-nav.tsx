'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

const PAGES = [
  { href: '/', label: 'Playground' },
  { href: '/compare', label: 'Compare' },
  { href: '/captures', label: 'Captures' },
  { href: '/runtimes', label: 'Runtimes' },
] as const;

/**
 * The bar on every page: the name and the four places to go, the current one marked. On the
 * playground the name is the page's heading, since the playground is what Fork Lab opens on.
 */
export function SiteNav() {
  const path = usePathname();
  const brand = (
    <Link href="/" className="flex items-center gap-2 text-base font-bold text-foreground no-underline">
      <img src="/favicon.svg" alt="" width={20} height={20} />
      Fork Lab
    </Link>
  );
  return (
    <header className="border-b border-border bg-muted">
      <div className="mx-auto flex max-w-[1800px] flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:px-5">
        {path === '/' ? <h1 className="m-0 text-base leading-none">{brand}</h1> : brand}
        <nav aria-label="Pages" className="flex flex-wrap gap-0.5 text-sm sm:gap-1">
          {PAGES.map((page) => {
            const current = page.href === '/' ? path === '/' : path.startsWith(page.href);
            return (
              <Link
                key={page.href}
                href={page.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'rounded-control px-2 py-1 font-medium sm:px-2.5 text-muted-foreground no-underline hover:bg-background hover:text-foreground',
                  current && 'bg-background text-foreground shadow-sm',
                )}
              >
                {page.label}
              </Link>
            );
          })}
        </nav>
      </div>
    </header>
  );
}
