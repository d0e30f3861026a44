const mods = process.argv.slice(2);
for (const m of mods) { const s = performance.now(); try { await import(m); console.log(m, Math.round(performance.now()-s)); } catch (e) { console.log(m, 'n/a', String(e).slice(0,80)); } }
