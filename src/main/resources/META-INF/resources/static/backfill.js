// The backfill page refreshes its live part every 2 s; it waits while someone types a reason into a steering form,
// so that the refresh does not wipe what they typed.
function backfillIdle() {
  var inputs = document.querySelectorAll('#steer input:not([type=hidden])');
  for (var i = 0; i < inputs.length; i++) {
    if (inputs[i] === document.activeElement || inputs[i].value !== '') {
      return false;
    }
  }
  return true;
}

// A steering form with data-confirm (Cancel) asks in the browser's dialog first; once confirmed it posts confirm=yes,
// so the server does not ask again with its confirmation page (which is what a post without JavaScript gets).
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
