import type { ReactNode } from 'react';
import { NOT_FOUND_ATTRIBUTE } from '@rentora/shared';
import { ApiError, readStore, useStore } from '@rentora/state';

/** The read of what the path of the page a visit starts on names, when the server sent its 404 page for it. */
let sentAsNotFound: string | undefined;

/**
 * At start-up: whether the server sent its 404 page for the page at hand, whose path names what
 * `read` finds (`subjectRead`): the API said that does not exist, so the page's code is not needed yet.
 */
export function noteSentNotFound(read: string | undefined): boolean {
  if (read === undefined || !document.querySelector(`[${NOT_FOUND_ATTRIBUTE}]`)) return false;
  sentAsNotFound = read;
  return true;
}

/**
 * A remote's page, or the site's 404 page when the read of what its path names (`subjectRead`) says
 * it does not exist (a car that is not, or no longer, in the fleet), as the server answers it
 * (docs/architecture.md §2). Until that read has an answer, a page the server sent as its 404 page
 * stays one.
 */
export function UnlessMissing({
  read,
  notFound,
  children,
}: {
  read: string;
  notFound: ReactNode;
  children: ReactNode;
}) {
  const { data, error } = useStore(readStore(read));
  const missing = error instanceof ApiError ? error.status === 404 : data === undefined && read === sentAsNotFound;
  return missing ? notFound : children;
}
