import {
  FIRST_PAINT_ATTRIBUTE,
  PAGE_SHOWN_EVENT,
  PAGE_SLOT_ATTRIBUTE,
  ROOT_ID,
  SITE_STARTED_EVENT,
} from '@rentora/shared/first-paint';

/**
 * Until the host has started (SITE_STARTED_EVENT), React does not listen, so the HTML's buttons do
 * nothing; and until a remote's page has replaced its first paint (PAGE_SHOWN_EVENT, on the page's
 * slot), that page is HTML only, replaced whole when it is shown. This inline script keeps what the
 * reader did meanwhile and hands it over:
 * - in the shell (header, footer), which React adopts as it stands (focus and all): the last
 *   button pressed, pressed again once the host has started and rendered the reader's session, in
 *   a task after the start; until then the press is the script's alone, so React, listening from
 *   just before, never takes it twice;
 * - in the page's first paint: every field's value (inputs, selects, checkboxes), the focus and
 *   the caret, the last button pressed and a form sent, all given to the page's own elements
 *   once it is shown: values (as if typed, so the page's state has them) and the focus at once,
 *   in the task that shows the page, so no key pressed meanwhile goes astray; then, in a task of
 *   its own, the button or the form, once. A select's value waits (3 s at most) for its option to
 *   come with the page's data.
 * - a press split by the page's hand-over (down on the first paint's button or link, up on the
 *   element that replaced it, for which the browser fires no click): clicked, on the element it
 *   ended on.
 * Counterparts are found by tag, name or label, form and landmark among the visible ones, and only
 * when exactly one matches. Inert first paints take no input, so they are left alone.
 */
const START = JSON.stringify(SITE_STARTED_EVENT);
const SHOWN = JSON.stringify(PAGE_SHOWN_EVENT);
const PAINT = JSON.stringify(`[${FIRST_PAINT_ATTRIBUTE}]`);
const SLOT = JSON.stringify(PAGE_SLOT_ATTRIBUTE);
const ROOT = JSON.stringify(ROOT_ID);
/** How long a select's chosen value waits for its option on the page that replaces the first paint. */
export const OPTION_WAIT_MS = 3000;

export function keepEarlyInput(): string {
  return [
    `(()=>{const root=()=>document.getElementById(${ROOT});`,
    `const inRoot=(e)=>!!e&&!!root()?.contains(e);`,
    `const inPaint=(e)=>!!e.closest(${PAINT});`,
    // A button: its tag, label and landmark. A field: its form's label, tag and name (or label).
    `const landmark=(e)=>e.closest("header,nav,main,footer,[role=dialog]")?.tagName||"";`,
    `const describe=(e)=>[e.tagName,(e.getAttribute("aria-label")||e.textContent||"").trim(),landmark(e)].join("\\n");`,
    `const fieldKey=(e)=>{const form=e.form||e.closest("form");`,
    `const label=e.labels?.[0]?.textContent?.trim()||"";`,
    `return [e.tagName,e.type||"",e.name||label,form?.getAttribute("aria-label")||form?.name||"",landmark(e)].join("\\n")};`,
    `const isField=(e)=>/^(INPUT|SELECT|TEXTAREA)$/.test(e?.tagName||"");`,
    `const keyOf=(e)=>isField(e)?fieldKey(e):describe(e);`,
    // Only what the reader can see counts: the header keeps a hidden copy of its buttons for the phone menu.
    `const shown=(e)=>!e.closest("[inert],[hidden]")&&(!e.checkVisibility||e.checkVisibility());`,
    `const find=(scope,key)=>{if(!key||!scope)return null;const [tag]=key.split("\\n");`,
    `const same=[...scope.querySelectorAll(tag)].filter((e)=>shown(e)&&keyOf(e)===key);`,
    `return same.length===1?same[0]:null};`,
    `const shell={pressed:null};const page={pressed:null,focused:null,caret:null,sent:null,values:new Map(),slot:null};`,
    `let started=false;`,
    `const stateOf=(e)=>{if(!inPaint(e))return shell;`,
    `page.slot=e.closest("["+${SLOT}+"]")?.getAttribute(${SLOT})??null;return page};`,
    // Once the host has started, the shell is its own; the first paint is the script's until it is replaced.
    `const live=(e)=>inRoot(e)&&!e.closest("[inert]")&&(!started||inPaint(e));`,
    `const onClick=(event)=>{const button=event.target.closest?.("button");if(!live(button))return;`,
    `if(button.type==="submit"&&button.form)return;event.preventDefault();event.stopPropagation();stateOf(button).pressed=describe(button)};`,
    `const onSubmit=(event)=>{const form=event.target;if(!live(form))return;event.preventDefault();event.stopPropagation();`,
    `if(!inPaint(form))return;stateOf(form).sent={form:form.getAttribute("aria-label")||form.name||"",`,
    `submitter:event.submitter?describe(event.submitter):null};page.pressed=null};`,
    `const onValue=(event)=>{const field=event.target;if(!isField(field)||!live(field)||!inPaint(field))return;`,
    `stateOf(field).values.set(fieldKey(field),{value:field.value,checked:field.checked})};`,
    `const onFocusIn=(event)=>{const target=event.target.closest?.("a,button,input,select,textarea");`,
    `if(!live(target)||!inPaint(target))return;page.focused=keyOf(target)};`,
    // A focused field the hand-over removes loses focus too: that loss is the hand-over's, kept.
    `const onFocusOut=(event)=>{const target=event.target;if(!live(target)||!inPaint(target))return;`,
    `const key=page.focused;if(typeof target.selectionStart==="number")page.caret=[target.selectionStart,target.selectionEnd];`,
    // One still in the page that lost focus lost it to the reader: forgotten.
    `queueMicrotask(()=>{if(target.isConnected&&document.activeElement!==target&&page.focused===key)page.focused=null})};`,
    `const listen=[["click",onClick],["submit",onSubmit],["input",onValue],["change",onValue],`,
    `["focusin",onFocusIn],["focusout",onFocusOut]];`,
    `for(const [type,handler] of listen)document.addEventListener(type,handler,true);`,
    // Sets a field as if the reader had: React's own setter tracking is bypassed, then told.
    `const give=(field,{value,checked})=>{if(field.type==="checkbox"||field.type==="radio"){`,
    `if(field.checked!==checked)field.click();return true}`,
    `if(field.tagName==="SELECT"&&![...field.options].some((option)=>option.value===value))return false;`,
    `const setter=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field),"value")?.set;`,
    `setter?setter.call(field,value):(field.value=value);`,
    `field.dispatchEvent(new Event(field.tagName==="SELECT"?"change":"input",{bubbles:true}));return true};`,
    `const handOver=(scope)=>{const waiting=[];`,
    `for(const [key,state] of page.values){const field=find(scope,key);if(field&&!give(field,state))waiting.push([field,state])}`,
    `const focused=find(scope,page.focused);`,
    `if(focused&&(document.activeElement===document.body||!document.activeElement)){focused.focus();`,
    `if(page.caret&&typeof focused.setSelectionRange==="function")try{focused.setSelectionRange(...page.caret)}catch{}}`,
    // In a task of its own: the page's state has taken the values given above by then.
    `const finish=()=>setTimeout(()=>{if(page.sent){const form=[...scope.querySelectorAll("form")].find((e)=>shown(e)&&`,
    `(e.getAttribute("aria-label")||e.name||"")===page.sent.form);`,
    `form?.requestSubmit(find(form,page.sent.submitter)??undefined)}else find(scope,page.pressed)?.click()});`,
    `if(waiting.length===0)return finish();`,
    `const retry=()=>{for(let i=waiting.length-1;i>=0;i--)if(give(...waiting[i]))waiting.splice(i,1);`,
    `if(waiting.length>0)return false;observer.disconnect();clearTimeout(timer);finish();return true};`,
    `const observer=new MutationObserver(retry);for(const [field] of waiting)observer.observe(field,{childList:true,subtree:true});`,
    `const timer=setTimeout(()=>{observer.disconnect();finish()},${OPTION_WAIT_MS})};`,
    `const stop=()=>{for(const [type,handler] of listen)document.removeEventListener(type,handler,true)};`,
    // A press the render split: down on the HTML's button or link, up on the element that replaced
    // it. The browser clicks nothing (the element pressed is gone), so the script does.
    // Once the page is handed over, the first press that ends is the last one that can be split.
    `let down=null;let over=false;const pressable=(e)=>e?.closest?.("button,a[href]");`,
    `const onDown=(event)=>{const target=pressable(event.target);down=live(target)?{target,key:describe(target)}:null};`,
    `const onUp=(event)=>{const press=down;down=null;`,
    `if(over){document.removeEventListener("pointerdown",onDown,true);document.removeEventListener("pointerup",onUp,true)}`,
    `if(!press||press.target.isConnected)return;`,
    `const target=pressable(event.target);if(target&&inRoot(target)&&describe(target)===press.key)target.click()};`,
    `document.addEventListener("pointerdown",onDown,true);document.addEventListener("pointerup",onUp,true);`,
    `document.addEventListener(${START},()=>{started=true;`,
    // In a task after the start: by then the header shows the reader's session, not the HTML's.
    `setTimeout(()=>{find(root(),shell.pressed)?.click();shell.pressed=null});`,
    `if(!document.querySelector(${PAINT})){stop();over=true}},{once:true});`,
    // At once, in the task that showed the page (just after its commit): a key the reader presses
    // next reaches the page's own field, with what was typed before it.
    `document.addEventListener(${SHOWN},(event)=>{const scope=event.target;`,
    `const id=scope.getAttribute?.(${SLOT});stop();over=true;if(page.slot===null||page.slot===id)handOver(scope)},{once:true})})()`,
  ].join('');
}
