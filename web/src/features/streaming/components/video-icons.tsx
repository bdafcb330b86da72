/** Player icons (24px grid, currentColor). Media symbols keep their direction in right-to-left layouts. */
import { Icon, type IconProps } from '@/components/ui/icons';

export const VideoPlayIcon = (props: IconProps) => (
  <Icon width="22" height="22" {...props}>
    <path d="M7 4l13 8-13 8z" fill="currentColor" />
  </Icon>
);

export const VideoPauseIcon = (props: IconProps) => (
  <Icon width="22" height="22" {...props}>
    <path d="M8 5v14M16 5v14" strokeWidth="3" />
  </Icon>
);

export const VideoVolumeIcon = (props: IconProps) => (
  <Icon width="22" height="22" {...props}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16.5 8.5a5 5 0 010 7M19 6a8.5 8.5 0 010 12" />
  </Icon>
);

export const VideoMutedIcon = (props: IconProps) => (
  <Icon width="22" height="22" {...props}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M17 9l5 6M22 9l-5 6" />
  </Icon>
);

export const VideoFullscreenIcon = (props: IconProps) => (
  <Icon width="22" height="22" {...props}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const VideoExitFullscreenIcon = (props: IconProps) => (
  <Icon width="22" height="22" {...props}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </Icon>
);
