// The milliseconds from navigation to the game accepting input (body[data-ready]), for
// bench/page.py and bench/firefox.mjs: a function the page evaluates. It waits by watching
// the attribute, not by checking it each animation frame: checking each frame makes the
// page draw 60 frames a second while it loads, work a visit never does, and it weighs on
// a page whose main thread is free (the game, whose Python runs in a worker) and not on
// one whose main thread is busy loading Python (the bare page draws no frame meanwhile).
() => new Promise((done) => {
  const ready = () => document.body && document.body.dataset.ready === "true";
  if (ready()) {
    done(performance.now());
    return;
  }
  new MutationObserver((records, observer) => {
    if (!ready()) return;
    observer.disconnect();
    done(performance.now());
  }).observe(document.documentElement, {
    subtree: true, attributes: true, attributeFilter: ["data-ready"],
  });
})
