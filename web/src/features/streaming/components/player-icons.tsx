/** The mini player's own icons (24px grid, currentColor, like components/ui/icons). Previous/next flip in right-to-left layouts. */
import { Icon, type IconProps } from '@/components/ui/icons';

export const PreviousIcon = ({ className = '', ...props }: IconProps) => (
  <Icon className={`rtl:-scale-x-100 ${className}`} {...props}>
    <path d="M19 20 9 12l10-8v16Z" fill="currentColor" />
    <path d="M5 19V5" />
  </Icon>
);

export const NextIcon = ({ className = '', ...props }: IconProps) => (
  <Icon className={`rtl:-scale-x-100 ${className}`} {...props}>
    <path d="m5 4 10 8-10 8V4Z" fill="currentColor" />
    <path d="M19 5v14" />
  </Icon>
);

export const ShuffleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M16 3h5v5" />
    <path d="M4 20 21 3" />
    <path d="M21 16v5h-5" />
    <path d="m15 15 6 6" />
    <path d="M4 4l5 5" />
  </Icon>
);

export const RepeatIcon = ({ one = false, ...props }: IconProps & { one?: boolean }) => (
  <Icon {...props}>
    <path d="m17 2 4 4-4 4" />
    <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
    <path d="m7 22-4-4 4-4" />
    <path d="M21 13v1a4 4 0 0 1-4 4H3" />
    {one && <path d="M11 10h1v4" />}
  </Icon>
);

export const VolumeIcon = ({ muted = false, ...props }: IconProps & { muted?: boolean }) => (
  <Icon {...props}>
    <path d="M11 5 6 9H2v6h4l5 4V5Z" />
    {muted ? (
      <>
        <path d="m22 9-6 6" />
        <path d="m16 9 6 6" />
      </>
    ) : (
      <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    )}
  </Icon>
);

export const QueueIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 6h13M3 12h13M3 18h9" />
    <path d="m17 15 4 3-4 3v-6Z" fill="currentColor" />
  </Icon>
);
