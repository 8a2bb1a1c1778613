// Forms that are not sent anywhere (data-no-submit): Enter in a field must not reload the page.
// A script file rather than an inline onsubmit handler: the Content-Security-Policy allows
// scripts from this origin's files only (docs/security.md).
for (const form of document.querySelectorAll("form[data-no-submit]")) {
  form.addEventListener("submit", (ev) => ev.preventDefault());
}
