<?php
echo 'hello';
?>
