import { AFTER_PAINT_ATTRIBUTE } from '@rentora/shared/first-paint';

/** How long the page waits for a paint it may never report (a tab opened in the background). */
export const START_TIMEOUT_MS = 3000;

/**
 * The host's entry runs once the browser has shown the first contentful paint, so evaluating the
 * JavaScript never holds back the page the HTML already carries. The files it needs (the host's
 * start-up chunks, the route's remote files and data) are asked for from that moment, from the
 * page's `data-after-paint` blocks: until then the HTML, its fonts and its photo have the
 * connection to themselves. Where paint timing is missing, it runs once the HTML is parsed. Each
 * file is asked for in a task of its own (a message to itself: no timer clamping), the entry
 * last: asking costs the main thread a few milliseconds a file on a slow phone, and a page asking
 * for fourteen in one task kept the reader's first taps waiting 100 ms or more.
 */
export function startAfterFirstPaint(src: string): string {
  return (
    `(()=>{let started=false;const start=()=>{if(started)return;started=true;const files=[];` +
    `for(const block of document.querySelectorAll("script[${AFTER_PAINT_ATTRIBUTE}]"))` +
    `files.push(...JSON.parse(block.textContent||"[]"));` +
    `const tasks=new MessageChannel();const next=()=>{const attributes=files.shift();if(!attributes){` +
    `const s=document.createElement("script");s.src=${JSON.stringify(src)};document.head.append(s);return}` +
    `const link=document.createElement("link");` +
    `for(const [name,value] of Object.entries(attributes))link.setAttribute(name,value===true?"":value);` +
    `document.head.append(link);tasks.port2.postMessage(0)};tasks.port1.onmessage=next;next()};` +
    `const Observer=globalThis.PerformanceObserver;` +
    // The script runs in the head, before the page's after-paint blocks are parsed.
    `if(!Observer?.supportedEntryTypes?.includes("paint"))return document.readyState==="loading"?` +
    `document.addEventListener("DOMContentLoaded",start,{once:true}):start();` +
    `new Observer((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}})` +
    `.observe({type:"paint",buffered:true});setTimeout(start,${START_TIMEOUT_MS})})()`
  );
}
