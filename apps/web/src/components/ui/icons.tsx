import type { SVGProps } from 'react';

export type TIconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 24, children, ...rest }: TIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const UserIcon = (p: TIconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Icon>
);

export const BarsIcon = (p: TIconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CloseIcon = (p: TIconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const PlayIcon = (p: TIconProps) => (
  <Icon {...p}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Icon>
);

/** The brand mark: a speech bubble in the colours of the Polish flag. */
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
    <path d="M4 6a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v9H4z" fill="#fff" stroke="#b3123a" strokeWidth="2" />
    <path d="M4 15h24v5a4 4 0 0 1-4 4H13l-6 6v-6.3A4 4 0 0 1 4 20z" fill="#b3123a" />
  </svg>
);
