/** How long the page waits for a paint it may never report (a tab opened in the background). */
export const START_TIMEOUT_MS = 3000;

/**
 * The host's entry runs once the browser has shown the first contentful paint, so evaluating the
 * JavaScript never holds back the page the HTML already carries; it downloads in parallel all
 * the same (its preload). Where paint timing is missing, it runs at once.
 */
export function startAfterFirstPaint(src: string): string {
  return (
    `(()=>{let started=false;const start=()=>{if(started)return;started=true;` +
    `const s=document.createElement("script");s.src=${JSON.stringify(src)};document.head.append(s)};` +
    `const Observer=globalThis.PerformanceObserver;` +
    `if(!Observer?.supportedEntryTypes?.includes("paint"))return start();` +
    `new Observer((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}})` +
    `.observe({type:"paint",buffered:true});setTimeout(start,${START_TIMEOUT_MS})})()`
  );
}
