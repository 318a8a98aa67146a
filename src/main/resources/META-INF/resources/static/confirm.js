// A form with data-confirm (cancel a backfill, disable a user, revoke a token) asks in the browser's dialog first; once
// confirmed it posts confirm=yes, so that a server asking again with a confirmation page (as the backfill page does for a
// post without JavaScript) does not.
document.addEventListener('submit', function (event) {
  var form = event.target;
  var question = form.getAttribute && form.getAttribute('data-confirm');
  if (!question) {
    return;
  }
  if (!window.confirm(question)) {
    event.preventDefault();
    return;
  }
  if (!form.querySelector('input[name="confirm"]')) {
    var confirmed = document.createElement('input');
    confirmed.type = 'hidden';
    confirmed.name = 'confirm';
    confirmed.value = 'yes';
    form.appendChild(confirmed);
  }
});
