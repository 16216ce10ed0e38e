import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteNav } from '@/components/site-nav/site-nav';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import './globals.css';

export const metadata: Metadata = {
  title: 'Fork Lab',
  description: "See and test how a forked subagent inherits its parent's conversation.",
  icons: { icon: { url: '/favicon.svg', type: 'image/svg+xml' } },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TooltipProvider delayDuration={300}>
          <SiteNav />
          {children}
        </TooltipProvider>
        <Toaster />
      </body>
    </html>
  );
}
