"""The dashboard's only CSS and JavaScript, inlined with a per-response CSP nonce."""

from __future__ import annotations

CSS = """
:root{--fg:#1d2330;--muted:#6b7280;--line:#e3e6eb;--bg:#f6f7f9;--card:#fff;--accent:#3655d4;
--ok:#1f7a4d;--okbg:#e3f4ea;--bad:#a8322d;--badbg:#fbe6e4;--warn:#8a5a00;--warnbg:#fdf1d8}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);
background:var(--bg)}
header{display:flex;gap:1.5rem;align-items:baseline;padding:.7rem 1.5rem;background:#1d2330;
color:#fff}
header a{color:#cdd6ff}.brand{font-weight:700;letter-spacing:.02em}
main{max-width:1180px;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.45rem;margin:.6rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:1.8rem 0 .6rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
table{width:100%;border-collapse:collapse;background:var(--card);border:1px solid var(--line)}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);
background:#fafbfc}
td{overflow-wrap:anywhere}
.timeline td:nth-child(-n+3),.runs td:nth-child(-n+5),.archived td:nth-child(-n+2),
.history td:nth-child(-n+3){
white-space:nowrap;overflow-wrap:normal}
.id{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em}
.muted{color:var(--muted)}
.badge{display:inline-block;padding:0 .45rem;border-radius:999px;font-size:.78rem;font-weight:600;
white-space:nowrap;background:#eceef2}
.badge.ok{background:var(--okbg);color:var(--ok)}.badge.bad{background:var(--badbg);color:var(--bad)}
.badge.warn{background:var(--warnbg);color:var(--warn)}.badge.muted{color:var(--muted)}
.banner{background:var(--warnbg);color:var(--warn);border:1px solid #f0d9a8;padding:.6rem .8rem;
border-radius:6px}
.flash{background:#e8edff;border:1px solid #c5d0fb;padding:.6rem .8rem;border-radius:6px}
.flash.error{background:var(--badbg);border-color:#f1c3bf;color:var(--bad)}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;
margin:.8rem 0}
.merge{display:grid;grid-template-columns:1fr 2.2rem 1fr;gap:.6rem;align-items:center}
.arrow{font-size:1.6rem;text-align:center;color:var(--muted)}
.before,.after{display:flex;flex-direction:column;gap:.4rem}
.quote{background:#fafbfc;border-left:3px solid var(--line);padding:.35rem .6rem;border-radius:4px}
.after .quote,.winner{border-left-color:var(--ok)}.loser{border-left-color:var(--bad)}
.meta{color:var(--muted);font-size:.85rem;margin-top:.5rem}
ul.findings{font-size:.85rem;margin:.3rem 0 0;padding-left:1.2rem}
ul.findings code{background:#eef1f5;padding:0 .3rem;border-radius:3px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
form.act{display:inline-flex;gap:.4rem;align-items:center;margin:.3rem 0}
form.signout{margin-left:auto;display:flex;gap:.6rem;align-items:baseline}
form.signout .muted{color:#cdd6ff}
form.signin{display:flex;flex-direction:column;gap:.6rem;max-width:26rem}
form.filter{display:flex;gap:.4rem;align-items:center;margin:0 0 1rem}
input,select,button{font:inherit;padding:.3rem .55rem;border:1px solid #c9ced6;border-radius:5px}
button{cursor:pointer;background:#fff}button.primary{background:var(--accent);color:#fff;
border-color:var(--accent)}button.danger{background:var(--bad);color:#fff;border-color:var(--bad)}
button:disabled,input:disabled{opacity:.5;cursor:not-allowed}
progress{width:9rem;height:.7rem;vertical-align:middle}
details{margin:.6rem 0}summary{cursor:pointer;color:var(--muted)}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:.8rem}
.dlq td:nth-child(-n+7){white-space:nowrap;overflow-wrap:normal}
pre.original{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--card);
border:1px solid var(--line);border-radius:6px;padding:.6rem .8rem;font-size:.85em}
"""

# Forms are sent with fetch (the session cookie is the credential, the CSRF token is a
# hidden field; the `next` field is used for the redirect here), so the user sees the
# API's error message instead of a JSON page. No token is ever kept in the page.
SCRIPT = """
(function(){
  var FLASH='reverie-flash';
  function show(text,bad){var f=document.getElementById('flash');f.textContent=text;
    f.className=bad?'flash error':'flash';f.hidden=false;}
  var flash=sessionStorage.getItem(FLASH);
  if(flash){sessionStorage.removeItem(FLASH);show(flash,false);}
  document.querySelectorAll('form.act').forEach(function(form){
    form.addEventListener('submit',function(ev){
      ev.preventDefault();
      var question=form.getAttribute('data-confirm');
      if(question&&!window.confirm(question)){return;}
      var body=new URLSearchParams(new FormData(form));
      var next=body.get('next')||'';body.delete('next');
      if(next.charAt(0)!=='/'||next.charAt(1)==='/'){next=location.pathname;}
      fetch(form.action,{method:'POST',body:body,credentials:'same-origin',
        headers:{'Accept':'application/json'}}).then(function(r){
        return r.json().catch(function(){return {};}).then(function(j){
          if(r.ok){sessionStorage.setItem(FLASH,form.getAttribute('data-done')||'Done.');
            location.assign(next);}
          else{show((j&&j.error)||('The request failed (HTTP '+r.status+').'),true);}
        });
      }).catch(function(err){show('The request failed: '+err,true);});
    });
  });
})();
"""
