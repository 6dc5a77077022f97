import { SITE_STARTED_EVENT } from '@rentora/shared/apps';

/**
 * Until the host has started (SITE_STARTED_EVENT), the page is HTML only: pressing one of its
 * buttons would do nothing, and React's first render replaces every element, taking the focus
 * with it. This inline script remembers the last button pressed in #root and the element that
 * lost focus to that render; once the host has started it focuses and presses their counterparts,
 * found by tag, label and landmark among the visible ones (and only when exactly one matches), so
 * nothing the reader did while the scripts loaded is lost. Inert first paints take no input, so
 * they are left alone.
 */
export function keepEarlyInput(): string {
  return (
    `(()=>{const inRoot=(e)=>!!e&&!!document.getElementById("root")?.contains(e);` +
    `const describe=(e)=>[e.tagName,(e.getAttribute("aria-label")||e.textContent||"").trim(),` +
    `e.closest("header,nav,main,footer,[role=dialog]")?.tagName||""].join("\\n");` +
    `const find=(key)=>{if(!key)return null;const [tag]=key.split("\\n");` +
    // Only what the reader can see counts: the header keeps a hidden copy of its buttons for the phone menu.
    `const shown=(e)=>!e.closest("[inert],[hidden]")&&(!e.checkVisibility||e.checkVisibility());` +
    `const same=[...document.getElementById("root").querySelectorAll(tag)].filter((e)=>shown(e)&&describe(e)===key);` +
    `return same.length===1?same[0]:null};` +
    `let pressed=null,focused=null;` +
    `const onClick=(event)=>{const button=event.target.closest?.("button");if(!inRoot(button)||button.closest("[inert]"))return;` +
    `event.preventDefault();pressed=describe(button)};` +
    `const onFocusIn=(event)=>{const target=event.target.closest?.("a,button");focused=inRoot(target)?describe(target):null};` +
    // A focused element removed from the page loses focus too: that loss is the render's, kept.
    `const onFocusOut=(event)=>{const target=event.target;const key=focused;` +
    `queueMicrotask(()=>{if(target.isConnected&&focused===key)focused=null})};` +
    `document.addEventListener("click",onClick,true);document.addEventListener("focusin",onFocusIn,true);` +
    `document.addEventListener("focusout",onFocusOut,true);` +
    `document.addEventListener(${JSON.stringify(SITE_STARTED_EVENT)},()=>{` +
    `document.removeEventListener("click",onClick,true);document.removeEventListener("focusin",onFocusIn,true);` +
    `document.removeEventListener("focusout",onFocusOut,true);` +
    `if(document.activeElement===document.body)find(focused)?.focus();find(pressed)?.click()},{once:true})})()`
  );
}
