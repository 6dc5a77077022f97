import { useState } from 'react';
import avatar1 from '../avatars/avatar1.svg';
import avatar2 from '../avatars/avatar2.svg';
import avatar3 from '../avatars/avatar3.svg';
import avatar4 from '../avatars/avatar4.svg';
import avatar5 from '../avatars/avatar5.svg';
import avatar6 from '../avatars/avatar6.svg';
import defaultAvatar from '../avatars/default.svg';
import { isAvatarId } from '../rules/auth';
import type { AvatarId } from '../types';
import styles from './avatar.module.css';

const AVATAR_URLS: Readonly<Record<AvatarId, string>> = { avatar1, avatar2, avatar3, avatar4, avatar5, avatar6 };

/** The picture for an avatar value; an unknown value gets the default picture (docs/product.md §3). */
function avatarUrl(avatar: string | undefined): string {
  return avatar !== undefined && isAvatarId(avatar) ? AVATAR_URLS[avatar] : defaultAvatar;
}

export interface AvatarProps {
  /** The user's avatar value, normally avatar1..avatar6. */
  avatar: string | undefined;
  /** Diameter in CSS pixels. */
  size?: number;
  /** Spoken name; leave empty when the user's name is shown beside the picture. */
  alt?: string;
  className?: string;
}

/** A round user picture that falls back to the default one for unknown values and failed loads. */
export function Avatar({ avatar, size = 40, alt = '', className }: AvatarProps) {
  const wanted = avatarUrl(avatar);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = failedUrl === wanted ? defaultAvatar : wanted;
  return (
    <img
      className={[styles.avatar, className].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      draggable={false}
      onError={() => {
        if (src !== defaultAvatar) setFailedUrl(wanted);
      }}
    />
  );
}
