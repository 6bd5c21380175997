import { useEffect, useState } from 'react';

/** SPEC §9: resize handling is throttled at 20 ms. */
export const RESIZE_THROTTLE_MS = 20;

/** Calls `run` at most once per `ms`, the last call of a burst included. */
export const throttle = (run: () => void, ms: number) => {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const throttled = () => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0) {
      last = Date.now();
      run();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, wait);
    }
  };
  throttled.cancel = () => clearTimeout(timer);
  return throttled;
};

export const useViewportWidth = (): number => {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = throttle(() => setWidth(window.innerWidth), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
};
