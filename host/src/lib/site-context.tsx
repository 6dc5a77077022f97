import { createContext, useContext } from 'react';
import type { NavLink } from '@rentora/state';
import { EMPTY_SITE_CONFIG, type SiteConfig } from './site-config';

/** The site as the host learnt it at start-up: the remotes and their page tables. */
export const SiteContext = createContext<SiteConfig>(EMPTY_SITE_CONFIG);

/** The navigation's links (header, phone menu, footer), as the layout works them out. */
export const NavLinksContext = createContext<readonly NavLink[]>([]);

export const useNavLinks = (): readonly NavLink[] => useContext(NavLinksContext);
