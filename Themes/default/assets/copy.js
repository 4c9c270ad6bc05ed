// repodigest default theme: a button on each code block of a README or of release notes that
// copies its text, as GitHub's does. Its words come from the script's own attributes, in the
// site's language. Without JavaScript, or where the browser gives no clipboard, there is no
// button: the code is there to select as ever.
(function () {
  "use strict";
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var copy = words.copy || "Copy", copied = words.copied || "Copied!";
  if (!navigator.clipboard) return;
  function say(button, text) {
    button.setAttribute("aria-label", text);
    button.title = text;
  }
  document.querySelectorAll(".markdown pre").forEach(function (pre) {
    var box = document.createElement("div");
    box.className = "code-box";
    pre.parentNode.insertBefore(box, pre);
    box.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    say(button, copy);
    button.addEventListener("click", function () {
      // As shown: a README's own <pre> may break its lines with <br>.
      navigator.clipboard.writeText(pre.innerText).then(function () {
        button.classList.add("copied");
        say(button, copied);
        setTimeout(function () {
          button.classList.remove("copied");
          say(button, copy);
        }, 2000);
      }, function () {});
    });
    box.appendChild(button);
  });
})();
