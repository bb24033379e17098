import { Menu, Server, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Site } from '../../data/site.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { SearchBox } from './SearchBox.tsx';

/** The header turns opaque with a blur once the page is scrolled past this many pixels. */
export const headerScrollThreshold = 10;

interface HeaderProps {
  nav: Site['nav'];
  portal: Site['portal'];
  brand: string;
  /** The current path, to mark the current page's link. */
  currentPath: string;
}

export function Header({ nav, portal, brand, currentPath }: HeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > headerScrollThreshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !toggleRef.current?.contains(target)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const linkClass = (href: string) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${href === currentPath ? 'text-white' : 'text-slate-300 hover:text-white'}`;

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        scrolled || menuOpen ? 'border-b border-white/10 bg-surface-950/85 backdrop-blur-md' : 'bg-transparent'
      }`}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand-600 focus:px-3 focus:py-2 focus:text-white">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-white">
          <Server aria-hidden="true" className="size-6 text-brand-400" />
          {brand}
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav
              .filter((item) => !item.mobileOnly)
              .map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={linkClass(item.href)} aria-current={item.href === currentPath ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <div className="ml-auto hidden max-w-xs flex-1 lg:block">
          <SearchBox id="header-search" />
        </div>
        <div className="ml-auto hidden items-center gap-2 md:flex lg:ml-0">
          <ButtonLink href={portal.login} variant="ghost" size="sm">
            Login
          </ButtonLink>
          <ButtonLink href={portal.register} variant="primary" size="sm">
            Register
          </ButtonLink>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="ml-auto rounded-md p-2 text-slate-200 hover:bg-white/5 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>
      <div className="hidden border-t border-white/5 px-4 pb-3 md:block lg:hidden">
        <div className="mx-auto max-w-7xl pt-3">
          <SearchBox id="tablet-search" />
        </div>
      </div>
      <div ref={menuRef} id="mobile-menu" hidden={!menuOpen} className="border-t border-white/10 px-4 pt-3 pb-5 md:hidden">
        <SearchBox id="mobile-search" />
        <nav aria-label="Mobile" className="mt-3">
          <ul className="flex flex-col">
            {nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={`block ${linkClass(item.href)}`} aria-current={item.href === currentPath ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <ButtonLink href={portal.login} variant="secondary" size="md">
            Login
          </ButtonLink>
          <ButtonLink href={portal.register} variant="primary" size="md">
            Register
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
