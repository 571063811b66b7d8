import { Icon, type TIconProps } from './icons';

// icons of parts that load after the first paint (footer, reviews): kept out of icons.tsx, which is in the first
// download (docs/performance.md, the home budget)

export const ChevronLeftIcon = (p: TIconProps) => (
  <Icon {...p}>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);

export const ChevronRightIcon = (p: TIconProps) => (
  <Icon {...p}>
    <path d="M9 18l6-6-6-6" />
  </Icon>
);

export const VideoIcon = (p: TIconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="5" width="19" height="14" rx="4" />
    <path d="M10 9.5v5l4.5-2.5z" fill="currentColor" />
  </Icon>
);

export const MailIcon = (p: TIconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Icon>
);
