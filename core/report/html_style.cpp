#include "report/html_style.h"

namespace ranklab {

const char* htmlReportStyle() {
    return R"CSS(
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1100px;padding:1em 1.5em;color:#222;line-height:1.45}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}
nav{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #ccc;padding:.45em 0;margin:0 0 .4em;display:flex;flex-wrap:wrap;gap:.2em .3em;font-size:.92em}
nav a{text-decoration:none;color:#1f4e99;padding:.05em .35em;border-radius:3px}nav a:hover{background:#eef3fb}nav .sep{color:#aaa}
section{scroll-margin-top:3em}h3{font-size:1.05em;margin:1.2em 0 .3em}
.lead{font-size:1.05em}.verdicts{margin:.3em 0 .8em}.up{color:#1a7f37}.down{color:#b00020}
.warn{background:#fff4e0;border-left:4px solid #e69500;padding:.4em .7em}
table.key td,table.key th{text-align:left}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.5em 0}
th,td{padding:.25em .6em;border-bottom:1px solid #e3e3e3;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
th{background:#f6f6f6}table.sortable th{cursor:pointer}
th[aria-sort=ascending]::after{content:" \25B2"}th[aria-sort=descending]::after{content:" \25BC"}
td.best{font-weight:bold}
.note{color:#555;font-size:.9em}
figure{margin:1em 0;break-inside:avoid}figure svg{width:100%;height:auto;max-width:900px;display:block}
figcaption{font-size:.85em;color:#555}
pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}
.sev-error{color:#b00020;font-weight:bold}.sev-warning{color:#a15c00}.sev-info{color:#555}
@media (max-width:600px){body{padding:.5em}th,td{padding:.2em .35em;font-size:.85em}h1{font-size:1.3em}}
@media print{nav,.noprint{display:none}body{max-width:none;padding:0}h2{break-after:avoid}
 table,figure{break-inside:avoid}a{color:inherit;text-decoration:none}}
)CSS";
}

const char* htmlReportScript() {
    return R"JS(
document.querySelectorAll("table.sortable").forEach(function(t){t.querySelectorAll("th").forEach(function(th,i){th.addEventListener("click",function(){
var asc=th.getAttribute("aria-sort")!=="ascending";t.querySelectorAll("th").forEach(function(h){h.removeAttribute("aria-sort")});th.setAttribute("aria-sort",asc?"ascending":"descending");
var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);function key(r){var c=r.cells[i],v=c.getAttribute("data-value");return v!==null&&v!==""?parseFloat(v):c.textContent}
rows.sort(function(a,b){var x=key(a),y=key(b);var r=(typeof x==="number"&&typeof y==="number")?x-y:String(x).localeCompare(String(y));return asc?r:-r});rows.forEach(function(r){body.appendChild(r)})})})});
)JS";
}

} // namespace ranklab
