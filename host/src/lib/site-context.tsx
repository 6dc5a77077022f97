import { createContext, useContext } from 'react';
import { EMPTY_SITE, type NavLink, type Site } from '@rentora/state';

/** The site as the host learnt it at start-up: the remotes and their page tables. */
export const SiteContext = createContext<Site>(EMPTY_SITE);

/** The navigation's links (header, phone menu, footer), as the layout works them out. */
export const NavLinksContext = createContext<readonly NavLink[]>([]);

export const useNavLinks = (): readonly NavLink[] => useContext(NavLinksContext);
